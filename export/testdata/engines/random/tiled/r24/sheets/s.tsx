<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.9" tiledversion="1.9.0" name="s" tilewidth="8" tileheight="8" tilecount="1" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0" x="1" y="1" width="8" height="8">
  <properties>
   <property name="pivot" value="956.8387596668837,727"/>
   <property name="turn" type="int" value="270"/>
   <property name="sprite" value="r24/sheets/s/0"/>
  </properties>
  <image source="../../../../art/r24/sheets/s.png"/>
 </tile>
</tileset>
