<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.9" tiledversion="1.9.0" name="s" tilewidth="39" tileheight="14" tilecount="2" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0" x="12" y="28" width="39" height="14">
  <properties>
   <property name="pivot" value="20,2.5"/>
   <property name="sprite" value="r38/sheets/s/0"/>
  </properties>
  <image source="../../../../art/r38/sheets/s.png"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="129.21119077831753,38.68129897362674 82.87867253458131,81.38881445620714 40.1711570520009,35.05629621247095 86.50367529573708,-7.651219270109472"/>
   </object>
   <object id="2" name="circle" x="-265830067.17978215" y="-265830000.17978215" width="531661812.3595643" height="531661812.3595643">
    <ellipse/>
   </object>
   <object id="3" name="box" x="0" y="0">
    <polygon points="36360650.119690225,-504377639.1482394 -36361619.28033313,-563378859.731194 -36360799.26418942,-563379870.4464695 36361470.135833934,-504378649.8635149"/>
   </object>
  </objectgroup>
 </tile>
 <tile id="1" x="11" y="1" width="8" height="8">
  <properties>
   <property name="pivot" value="-914,187.09355791233472"/>
   <property name="sprite" value="r38/sheets/s/1"/>
  </properties>
  <image source="../../../../art/r38/sheets/s.png"/>
  <objectgroup draworder="index" id="1">
   <object id="1" name="polygon" x="0" y="0">
    <polygon points="51,37 -587.5,390.5 -1212.5,14.5 -1199.5,-715 -561,-1068.5 64,-692.5"/>
   </object>
   <object id="2" name="circle" x="445.69839791920674" y="-435" width="804" height="804">
    <ellipse/>
   </object>
   <object id="3" name="box" x="0" y="0">
    <polygon points="-1001.1392810323057,1000364556.8307061 144.98354479652113,1000365182.9604595 77.8639693919327,1000365305.8220181 -1068.2588564368941,1000364679.6922648"/>
   </object>
  </objectgroup>
 </tile>
</tileset>
